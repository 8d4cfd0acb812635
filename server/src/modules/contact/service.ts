/** The footer contact form mails support for real (decision 12; the spec's form sent nothing). */
import type { ContactInput } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { contactMail } from './mail';

export async function sendContactMessage(ctx: AppContext, input: ContactInput): Promise<void> {
  // Awaited: unlike an account mail, a lost contact message must be reported so it is sent again.
  await ctx.mailer.send(contactMail(ctx.config.SUPPORT_EMAIL, input));
}
