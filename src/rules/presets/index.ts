// The built-in rule sets (presets), by id; plain data, importable in the browser.
import type { RuleSetInput } from "../schema.ts";
import { airforce40 } from "./airforce-40.ts";
import { fengyun57 } from "./fengyun-57.ts";
import { sevenkill16 } from "./sevenkill-16.ts";

export const presets: Readonly<Record<string, RuleSetInput>> = {
  "fengyun-57": fengyun57,
  "airforce-40": airforce40,
  "sevenkill-16": sevenkill16,
};

/** Preset ids in display order. */
export const presetIds: readonly string[] = Object.keys(presets);
