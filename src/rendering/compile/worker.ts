/**
 * Worker-thread side of the compile pool (Piscina): runs the jobs of jobs.ts. Parsing, include
 * expansion, MJML validation and compilation, and Handlebars' parse, analysis and code generation are
 * all CPU-bound and synchronous (mjml2html too, although it returns a Promise): here they never hold
 * the event loop, and the pool can stop one by terminating its thread.
 *
 * Task: `{ job, started }`; the worker posts on `started` the moment it begins, so the pool's deadline
 * counts the job's own running time, never its wait in the queue.
 */
import { setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { TemplateError } from '../template-error.js';
import type { CompileJob, JobOutcome, JobResults } from './jobs.js';
import { compileDynamic, loadRevision, prepareTemplate, templateVariables, warmUp } from './prepare.js';

// Linux applies setpriority(2) with pid 0 to the calling thread only: a compile yields the CPU to the
// event loop serving cached renders (the machines here have 2 cores).
// (Elsewhere, macOS included, it would lower the whole process: only on Linux.)
const nice = (workerData as { nice?: number } | undefined)?.nice ?? 0;
if (nice > 0 && process.platform === 'linux') {
  try {
    setPriority(0, nice);
  } catch {
    // not permitted here: compiles run at normal priority
  }
}

// The first compile in a thread is ~10x slower than later ones (notes/performance.md): pay it now.
// Top-level await would break Piscina's loader; the work itself is synchronous and done before any task.
void warmUp().catch(() => undefined);

export default async function run(task: { job: CompileJob; started: MessagePort }): Promise<JobOutcome<JobResults[keyof JobResults]>> {
  task.started.postMessage('started');
  task.started.close();
  const { job } = task;
  try {
    const value =
      job.kind === 'prepare'
        ? await prepareTemplate(job)
        : job.kind === 'load'
          ? loadRevision(job)
          : job.kind === 'mjml'
            ? await compileDynamic(job)
            : templateVariables(job.ast, job.partials, job.source);
    return { ok: true, value };
  } catch (error) {
    if (error instanceof TemplateError) {
      return { ok: false, error: { code: error.code, message: error.message, problems: error.problems, extra: error.extra } };
    }
    if (error instanceof RangeError) {
      // A pathological template can exhaust the stack in a recursive walk: the template's doing, a 400.
      return {
        ok: false,
        error: {
          code: 'template_too_complex',
          message: `The template is too deeply nested to process (${error.message}).`,
          problems: [],
          extra: {},
        },
      };
    }
    throw error;
  }
}
