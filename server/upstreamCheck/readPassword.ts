/**
 * Asks for a password on the terminal without echoing it. Without a terminal (a pipe) it reads
 * one line of standard input, so `printf '%s\n' "$PW" | npm run upstream:check ...` works too.
 */
export function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve) => {
    let typed = '';
    const done = () => {
      if (input.isTTY) input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      input.off('end', done);
      if (input.isTTY) process.stderr.write('\n');
      resolve(typed);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\n' || ch === '\r' || ch === '\u0004') return done();
        if (ch === '\u0003') {
          typed = '';
          return done();
        }
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    process.stderr.write(prompt);
    if (input.isTTY) input.setRawMode(true);
    input.on('data', onData);
    input.on('end', done);
    input.resume();
  });
}
