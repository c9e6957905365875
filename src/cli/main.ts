// The `bansha` command line: each command group lives in its own module and registers itself here.
import { Command } from "commander";
import { registerAdminCommands } from "./admin-commands.ts";
import { registerCorpusCommands } from "./corpus-commands.ts";
import { describeFailure } from "./failure.ts";
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

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // A user's mistake (a file that is not there, a missing argument) is one line naming it; the stack is for bugs,
  // and BANSHA_DEBUG shows it.
  process.stderr.write(`bansha: ${describeFailure(error)}\n`);
  if (process.env.BANSHA_DEBUG && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
}
