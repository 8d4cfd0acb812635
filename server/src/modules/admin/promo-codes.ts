/** An admin creates a promo code (docs/decisions/0006), recorded in the audit log with it. */
import type { CreatePromoCodeInput, PromoCodeDto } from '@creadefi/domain';
import type { AppContext } from '../../context';
import { createPromoCode } from '../payments/promo-codes';
import { recordAdminAction } from './audit';

export function createPromoCodeAsAdmin(ctx: AppContext, adminId: number, input: CreatePromoCodeInput): Promise<PromoCodeDto> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    const created = await createPromoCode(tx, input, now);
    await recordAdminAction(tx, { adminId, action: 'promo_code.create', targetType: 'promo_code', targetId: created.id, details: { code: created.code }, at: now });
    return created;
  });
}
