// Placeholder: the command group is registered here once its issue lands.
import type { Command } from "commander";

export function registerTextCommands(_program: Command): void {}
