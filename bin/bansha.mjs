#!/usr/bin/env node
// CLI entry: loads the TypeScript sources through tsx so `npx bansha …` needs no build step.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
