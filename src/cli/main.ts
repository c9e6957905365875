// The `bansha` command line: each command group lives in its own module and registers itself here.
import { Command } from "commander";
import { registerAdminCommands } from "./admin-commands.ts";
import { registerCorpusCommands } from "./corpus-commands.ts";
import { registerReplayCommand } from "./replay-command.ts";
import { registerRulesCommands } from "./rules-commands.ts";
import { registerTextCommands } from "./text-commands.ts";

const program = new Command();
program
  .name("bansha")
  .description("Run forum mafia games (版杀): rule sets, scenarios, text checks, site accounts");

registerRulesCommands(program);
registerReplayCommand(program);
registerTextCommands(program);
registerCorpusCommands(program);
registerAdminCommands(program);

await program.parseAsync(process.argv);
