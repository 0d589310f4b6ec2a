// The WhatsApp log provider: the platform has no WhatsApp gateway of its own, so every WhatsApp message (a template's
// test send, support's help message to a booking's customer) is printed and kept in the WhatsApp notification log,
// its number masked.
import { maskMobile } from '@domain/phone';
import type { ResolvedDeps } from '@server/app-deps';
import { whatsappNotificationLogs } from '@server/db/tables/global-data';

/** Prints the send on stdout and records it, number masked, in the WhatsApp log; answers the status stored. */
export async function sendWhatsappThroughLog(deps: Pick<ResolvedDeps, 'db' | 'now'>, national10Digits: string, templateName: string): Promise<string> {
  process.stdout.write(`[whatsapp:log] ${templateName} ${maskMobile(national10Digits)}\n`);
  const now = deps.now();
  await deps.db.insert(whatsappNotificationLogs).values({ mobileNumber: maskMobile(national10Digits), template: templateName, status: 'SENT', createdAt: now, updatedAt: now });
  return 'SENT';
}
