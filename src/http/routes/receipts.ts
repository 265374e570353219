/**
 * Signed render receipts (docs/receipts.md): GET /.well-known/jwks.json (the caller's workspace's public keys,
 * any valid key), POST /receipts/verify (`projects:read`: an audit reads the project), POST /receipts/keys/rotate
 * (`keys:admin`). Served only when receipts are on (RECEIPTS, default 1).
 */
import type { Router } from '@koa/router';
import { MalformedReceiptError } from '../../application/receipts/index.js';
import type { AppDeps } from '../deps.js';
import { jsonBody, requireScope, type AppState } from '../middleware.js';
import { ProblemError } from '../problem.js';
import { parseVerify, presentJwk, presentVerification } from '../receipt-schemas.js';
import { sendJson } from './respond.js';

export function receiptRoutes(router: Router<AppState>, deps: AppDeps): void {
  const receipts = deps.receipts;
  if (!receipts) return;

  router.get('/.well-known/jwks.json', async (ctx) => {
    const keys = await receipts.keys.all(ctx.state.principal!.workspace);
    // A rotation elsewhere is read within ReceiptKeys' refresh bound; a verifier may keep this a minute.
    ctx.set('Cache-Control', 'private, max-age=60');
    sendJson(ctx, 200, { keys: keys.map(presentJwk) });
  });

  router.post('/receipts/verify', requireScope('projects:read'), jsonBody(deps.bodyLimitBytes, deps.jsonLimits), async (ctx) => {
    const question = parseVerify(ctx.state.body);
    try {
      sendJson(ctx, 200, presentVerification(await receipts.signer.verify(ctx.state.principal!.workspace, question)));
    } catch (error) {
      if (!(error instanceof MalformedReceiptError)) throw error;
      throw new ProblemError(422, 'invalid_receipt', `receipt is ${error.message}: send the receipt a render answered with, as it came.`, [
        { pointer: '/receipt', message: error.message },
      ]);
    }
  });

  router.post('/receipts/keys/rotate', requireScope('keys:admin'), async (ctx) => {
    const principal = ctx.state.principal!;
    const key = await receipts.keys.rotate(principal.workspace, { keyId: principal.keyId, requestId: ctx.state.requestId });
    sendJson(ctx, 201, presentJwk(key));
  });
}
