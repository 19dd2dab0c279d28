/** Where the commands write; stdout and stderr in real use. */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
  /**
   * Writes text as it is, no newline added, resolving once the output can take more
   * (stdout's backpressure): what a long document streams through. Where it is missing
   * (a collector of lines), `writeAll` gives the whole text to `log` at the end instead.
   */
  write?(text: string): Promise<void>;
}

/** Writes every piece through `out.write`, or, without it, the pieces joined as one `log` (without the final newline). */
export async function writeAll(out: CliOutput, pieces: AsyncIterable<string>): Promise<void> {
  if (out.write) {
    for await (const piece of pieces) await out.write(piece);
    return;
  }
  let text = '';
  for await (const piece of pieces) text += piece;
  out.log(text.replace(/\n$/, ''));
}
