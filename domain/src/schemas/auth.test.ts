import { describe, expect, it } from 'vitest';
import { registerSchema } from './auth';

const base = { pseudo: 'lea_b', email: 'lea@example.fr', password: 'Motdepasse1!', confirmPassword: 'Motdepasse1!' };

describe('registerSchema', () => {
  it('treats blank names as absent and trims the others', () => {
    const parsed = registerSchema.parse({ ...base, firstName: '   ', lastName: ' Bernard ' });
    expect(parsed.firstName).toBeUndefined();
    expect(parsed.lastName).toBe('Bernard');
    expect(registerSchema.parse({ ...base, firstName: '' }).firstName).toBeUndefined();
  });

  it('refuses different passwords on the confirmation field', () => {
    const result = registerSchema.safeParse({ ...base, confirmPassword: 'Autre1234!' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword']);
  });
});
