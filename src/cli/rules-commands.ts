// Placeholder: the command group is registered here once its issue lands.
import type { Command } from "commander";

export function registerRulesCommands(_program: Command): void {}
