// Authorize: whether the idTag may charge, kept in Authorize History.
import type { HandlerContext } from '@server/ocpp/message-handler';
import { authorize as authorizeIdTag } from '@server/ocpp/authorisation-store';
import type { AuthorizeRequest } from '../messages';

export async function authorize(params: unknown, { charger, db, now, sessionStartMinWalletPaise }: HandlerContext) {
  const p = params as AuthorizeRequest;
  const { status } = await authorizeIdTag(db, charger.id, p.idTag, now(), sessionStartMinWalletPaise);
  return { idTagInfo: { status } };
}
