/** The /api contract gives money in reais: cents from the database, none as 0. */
export const reais = (cents: number | null | undefined) => (cents ?? 0) / 100;
