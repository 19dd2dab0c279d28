/** Where the commands write; stdout and stderr in real use. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}
