/**
 * The CLI's only way to the service: its HTTP API with a Bearer key, through Node's global `fetch`.
 * Never the store: the CLI may run on any machine that can reach the server.
 */
import { randomUUID } from 'node:crypto';
import { ApiError, NetworkError, UsageError, type Problem } from './errors.js';

/** Where the server is and which key to send. */
export interface Connection {
  /** Base URL as given (`http://127.0.0.1:3000`); `/v1` is added unless it already ends in `/v1` or `/api/v1`. */
  url: string;
  apiKey: string;
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses returned to the caller instead of thrown as ApiError (e.g. 412 for a conflict report). */
  accept?: number[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** How often a 429 is waited out (its `Retry-After`, at most 60 s each) before it is reported. */
const MAX_RATE_LIMIT_RETRIES = 5;

/** A client of one server with one key. `notice` receives waits for rate limits (stderr in the CLI). */
export class LetterpressClient {
  readonly base: string;
  /** Requests sent, retries included (the tests count them through the pull report). */
  requests = 0;

  constructor(
    private readonly connection: Connection,
    private readonly notice: (line: string) => void = () => {},
  ) {
    let url: URL;
    try {
      url = new URL(connection.url);
    } catch {
      throw new UsageError(`--url / LETTERPRESS_URL '${connection.url}' is not a URL (e.g. http://127.0.0.1:3000).`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`--url must be http: or https:, got '${connection.url}'.`);
    const path = url.pathname.replace(/\/+$/, '');
    this.base = `${url.origin}${/\/(api\/)?v1$/.test(path) ? path : `${path}/v1`}`;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  get<T = any>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('GET', path, options);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  post<T = any>(path: string, body: unknown, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('POST', path, { ...options, body });
  }

  /**
   * One request; JSON in and out. Waits out 429s (`Retry-After`). Writes carry an `Idempotency-Key`
   * (docs/api.md "Retries"), so a retried write lands once.
   * @throws NetworkError when no answer came; ApiError for a status ≥ 400 not in `accept`.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = `${this.base}${path}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.connection.apiKey}`,
      Accept: 'application/json',
      ...options.headers,
    };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET' && method !== 'HEAD' && !path.startsWith('/api-keys')) headers['Idempotency-Key'] ??= randomUUID();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        this.requests++;
        response = await fetch(url, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
      } catch (error) {
        throw new NetworkError(url, causeOf(error));
      }
      const text = await response.text().catch((error: unknown) => {
        throw new NetworkError(url, causeOf(error));
      });
      if (response.status === 429 && attempt < MAX_RATE_LIMIT_RETRIES) {
        const seconds = Math.min(60, Math.max(1, Number(response.headers.get('retry-after')) || 1));
        this.notice(`rate limited by the server; waiting ${seconds} s`);
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
        continue;
      }
      const body = parse(text);
      if (response.status >= 400 && !options.accept?.includes(response.status)) {
        const problem: Problem =
          body && typeof body === 'object' ? (body as Problem) : { title: response.statusText, detail: text.slice(0, 200) };
        throw new ApiError(response.status, problem, method, url);
      }
      return { status: response.status, headers: response.headers, body: body as T };
    }
  }

  /** Every item of a paginated list (`{ items, next_cursor }`), following the cursors; `onPage` sees each answer. */
  async all<T>(path: string, onPage?: (page: ApiResponse) => void): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: ApiResponse<{ items: T[]; next_cursor: string | null }> = await this.get(`${path}${query}`);
      onPage?.(page);
      items.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    return items;
  }
}

/** Path segment for a project id (ids are URL-safe already; encoded anyway). */
export const seg = (id: string): string => encodeURIComponent(id);

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** fetch's TypeError hides the reason in `cause` (ECONNREFUSED, ENOTFOUND…). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
