/** What the admin's part screens (the list and a part's page) show of every part. */
export type ShownPart = {
  id: number;
  code: string;
  name: string;
  description: string | null;
  categoryName: string | null;
  manufacturer: string | null;
  mercadoLivreLink: string | null;
};

/** Picks a part's shown fields, so a screen's loader sends the browser nothing more of it. */
export function shownPartFields(part: ShownPart): ShownPart {
  return {
    id: part.id,
    code: part.code,
    name: part.name,
    description: part.description,
    categoryName: part.categoryName,
    manufacturer: part.manufacturer,
    mercadoLivreLink: part.mercadoLivreLink,
  };
}
