/**
 * Progress of a pull or push on stderr: a bar (cli-progress) when stderr is a terminal, else one plain
 * line per project, as CI logs want them. Data never goes here: stdout stays for the command's output.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** One project done: `line` is what a log shows for it (`pulled order-confirmation @ 3`), if anything. */
  step(id: string, line?: string): void;
  /** A line that must be seen even on a terminal (a conflict, a refusal). */
  note(line: string): void;
  stop(): void;
}

/** A progress reporter over `total` projects; `label` names the work ("pull", "push"). */
export function startProgress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total === 0) {
    return {
      step: (_id, line) => {
        if (line !== undefined) stream.write(`${line}\n`);
      },
      note: (line) => stream.write(`${line}\n`),
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    { stream, format: `${label} [{bar}] {value}/{total} {id}`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { id: '' });
  const notes: string[] = [];
  return {
    step: (id) => bar.increment(1, { id }),
    note: (line) => notes.push(line),
    stop: () => {
      bar.stop();
      for (const line of notes) stream.write(`${line}\n`);
    },
  };
}
