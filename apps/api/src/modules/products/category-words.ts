import type { CategoryPath } from '@greencart/shared';

/**
 * What shoppers call each category, singular and in lower case: its name, the nouns of the label the shop shows
 * ("Organic veggies", "Grains & Cereals") and the short form Indian English uses ("veg", which the Hindi "sabzi" is
 * read as). The assistant's search finds a category by these (a scale probe's "cheapest veg", "cereals" found nothing).
 */
const CATEGORY_WORDS: Record<CategoryPath, string[]> = {
  Vegetables: ['vegetable', 'veggie', 'veg'],
  Fruits: ['fruit'],
  Drinks: ['drink'],
  Instant: ['instant'],
  Dairy: ['dairy'],
  Bakery: ['bakery', 'bread'],
  Grains: ['grain', 'cereal'],
};

/** Whether a search word (singular, lower case, three letters or more) names the category: a word of it, or its start. */
export const namesCategory = (word: string, category: string): boolean =>
  (CATEGORY_WORDS[category as CategoryPath] ?? []).some((name) => name.startsWith(word) || word.startsWith(name));
