/**
 * JSON responses. The body is stringified here, once: koa-compress would otherwise stringify an object
 * body twice (notes/performance.md: 16–21 % faster under gzip).
 */
import type Koa from 'koa';

export function sendJson(ctx: Koa.Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(body);
}
