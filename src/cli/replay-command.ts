// Placeholder: the command group is registered here once its issue lands.
import type { Command } from "commander";

export function registerReplayCommand(_program: Command): void {}
