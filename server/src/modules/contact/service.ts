/** The footer contact form mails support for real (docs/product.md §9: the original form sent nothing). */
import type { ContactInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { enqueueMail } from '../../jobs/queue';
import { contactMail } from './mail';

export async function sendContactMessage(ctx: AppContext, input: ContactInput): Promise<void> {
  // No change of ours causes this mail, so it is queued alone: the queue's insert is what
  // keeps it through a mail server outage (docs/decisions/0011). Awaited, so a message the
  // queue could not take is reported to the sender instead of being thanked for.
  await enqueueMail(ctx.queue, ctx.db, contactMail(ctx.config.SUPPORT_EMAIL, input));
}
