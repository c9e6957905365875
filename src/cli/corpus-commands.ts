// Placeholder: the command group is registered here once its issue lands.
import type { Command } from "commander";

export function registerCorpusCommands(_program: Command): void {}
