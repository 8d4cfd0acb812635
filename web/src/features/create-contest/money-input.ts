/** Cents shown in an amount field the French way, without the currency sign the field already shows: "1 240,50". */
export function centsToInput(cents: number): string {
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 }).format(cents / 100);
}
