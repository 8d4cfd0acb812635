import { formatEuroFigure } from '@creadefi/domain';

/** Cents shown in an amount field the French way, without the currency sign the field already shows: "1 240,50". */
export const centsToInput = formatEuroFigure;
