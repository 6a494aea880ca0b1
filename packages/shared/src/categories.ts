/** The seven categories of spec section 2: label -> path value -> background colour. */
export const CATEGORIES = [
  { text: 'Organic veggies', path: 'Vegetables', bgColor: '#FEF6DA' },
  { text: 'Fresh Fruits', path: 'Fruits', bgColor: '#FEE0E0' },
  { text: 'Cold Drinks', path: 'Drinks', bgColor: '#F0F5DE' },
  { text: 'Instant Food', path: 'Instant', bgColor: '#E1F5EC' },
  { text: 'Dairy Products', path: 'Dairy', bgColor: '#FEE6CD' },
  { text: 'Bakery & Breads', path: 'Bakery', bgColor: '#E0F6FE' },
  { text: 'Grains & Cereals', path: 'Grains', bgColor: '#F1E3F9' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryPath = Category['path'];

export const CATEGORY_PATHS = CATEGORIES.map((c) => c.path) as [CategoryPath, ...CategoryPath[]];

/** A product's page (spec section 2): its category in lower case, then its id. */
export const productPath = (category: string, id: string) => `/products/${category.toLowerCase()}/${id}`;

/** Category lookup by a URL segment, compared in lower case as the spec says. */
export function findCategory(pathSegment: string): Category | undefined {
  const wanted = pathSegment.toLowerCase();
  return CATEGORIES.find((c) => c.path.toLowerCase() === wanted);
}
