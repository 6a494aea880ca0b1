import type { CategoryPath } from '@greencart/shared';

export interface SeedProduct {
  name: string;
  category: CategoryPath;
  /** Twemoji code point of the artwork the product images are rendered from. */
  art: string;
  price: number;
  offerPrice: number;
  weight: string;
  description: string[];
}

/** The demo catalogue: 7 categories, realistic names and prices in rupees. */
export const SEED_PRODUCTS: SeedProduct[] = [
  // Vegetables
  { name: 'Potato 500g', category: 'Vegetables', art: '1f954', price: 25, offerPrice: 20, weight: '500 g', description: ['Fresh and organic', 'Rich in carbohydrates', 'Ideal for curries and fries'] },
  { name: 'Tomato 1 kg', category: 'Vegetables', art: '1f345', price: 40, offerPrice: 35, weight: '1 kg', description: ['Juicy and ripe', 'Rich in Vitamin C', 'Perfect for salads and sauces', 'Locally grown'] },
  { name: 'Carrot 500g', category: 'Vegetables', art: '1f955', price: 30, offerPrice: 28, weight: '500 g', description: ['Sweet and crunchy', 'Good for eyesight', 'Ideal for juices and salads'] },
  { name: 'Spinach 500g', category: 'Vegetables', art: '1f96c', price: 18, offerPrice: 15, weight: '500 g', description: ['Rich in iron', 'High in vitamins', 'Perfect for soups and salads'] },
  { name: 'Onion 500g', category: 'Vegetables', art: '1f9c5', price: 22, offerPrice: 19, weight: '500 g', description: ['Fresh and pungent', 'Perfect for cooking', 'A kitchen staple'] },
  { name: 'Broccoli 250g', category: 'Vegetables', art: '1f966', price: 45, offerPrice: 39.5, weight: '250 g', description: ['Crisp green florets', 'High in fibre', 'Steam, roast or stir-fry'] },
  { name: 'Cucumber 500g', category: 'Vegetables', art: '1f952', price: 24, offerPrice: 21, weight: '500 g', description: ['Cool and hydrating', 'Great in salads and raita'] },
  { name: 'Bell Pepper 250g', category: 'Vegetables', art: '1fad1', price: 50, offerPrice: 44.75, weight: '250 g', description: ['Crunchy and sweet', 'Rich in Vitamin A and C', 'Colourful addition to any dish'] },
  { name: 'Garlic 200g', category: 'Vegetables', art: '1f9c4', price: 35, offerPrice: 32, weight: '200 g', description: ['Aromatic bulbs', 'Boosts flavour of every curry'] },
  // Fruits
  { name: 'Apple 1 kg', category: 'Fruits', art: '1f34e', price: 120, offerPrice: 110, weight: '1 kg', description: ['Crisp and juicy', 'Rich in fibre', 'Boosts immunity', 'Perfect for snacking'] },
  { name: 'Banana 1 kg', category: 'Fruits', art: '1f34c', price: 50, offerPrice: 45, weight: '1 kg', description: ['Sweet and ripe', 'High in potassium', 'Great for smoothies'] },
  { name: 'Orange 1 kg', category: 'Fruits', art: '1f34a', price: 80, offerPrice: 75, weight: '1 kg', description: ['Juicy and sweet', 'Rich in Vitamin C', 'Perfect for fresh juice'] },
  { name: 'Mango 1 kg', category: 'Fruits', art: '1f96d', price: 150, offerPrice: 140, weight: '1 kg', description: ['Sweet Alphonso mangoes', 'The king of fruits', 'Seasonal favourite'] },
  { name: 'Grapes 500g', category: 'Fruits', art: '1f347', price: 70, offerPrice: 65, weight: '500 g', description: ['Seedless green grapes', 'Rich in antioxidants', 'Sweet and refreshing'] },
  { name: 'Strawberry 250g', category: 'Fruits', art: '1f353', price: 90, offerPrice: 79.99, weight: '250 g', description: ['Hand-picked berries', 'Sweet and tangy', 'Great with cream'] },
  { name: 'Watermelon 1 pc', category: 'Fruits', art: '1f349', price: 60, offerPrice: 55, weight: '2-3 kg', description: ['Hydrating summer fruit', 'Sweet red flesh'] },
  { name: 'Pineapple 1 pc', category: 'Fruits', art: '1f34d', price: 75, offerPrice: 69, weight: '1 pc', description: ['Tropical and tangy', 'Rich in bromelain', 'Perfect for desserts'] },
  // Drinks
  { name: 'Cola 1.5L', category: 'Drinks', art: '1f964', price: 80, offerPrice: 75, weight: '1.5 L', description: ['Refreshing and fizzy', 'Perfect for parties', 'Best served chilled'] },
  { name: 'Orange Juice 1L', category: 'Drinks', art: '1f9c3', price: 110, offerPrice: 99, weight: '1 L', description: ['No added sugar', '100% fruit juice', 'Rich in Vitamin C'] },
  { name: 'Green Tea 25 bags', category: 'Drinks', art: '1f375', price: 160, offerPrice: 145, weight: '50 g', description: ['Light and soothing', 'Rich in antioxidants'] },
  { name: 'Instant Coffee 100g', category: 'Drinks', art: '2615', price: 280, offerPrice: 255, weight: '100 g', description: ['Rich aroma', 'Smooth taste', 'Makes 50 cups'] },
  { name: 'Coconut Water 1L', category: 'Drinks', art: '1f965', price: 95, offerPrice: 89, weight: '1 L', description: ['Natural electrolytes', 'Refreshing and hydrating'] },
  { name: 'Lemonade 750ml', category: 'Drinks', art: '1f34b', price: 60, offerPrice: 54.5, weight: '750 ml', description: ['Tangy and sweet', 'Made with real lemons', 'Serve over ice'] },
  { name: 'Bubble Milk Tea 350ml', category: 'Drinks', art: '1f9cb', price: 120, offerPrice: 110, weight: '350 ml', description: ['Creamy milk tea', 'Chewy tapioca pearls'] },
  { name: 'Mineral Water 1L', category: 'Drinks', art: '1f4a7', price: 20, offerPrice: 18, weight: '1 L', description: ['Pure and safe', 'Naturally rich in minerals'] },
  // Instant
  { name: 'Instant Noodles 4 pack', category: 'Instant', art: '1f35c', price: 60, offerPrice: 56, weight: '280 g', description: ['Ready in 2 minutes', 'Spicy masala flavour', 'Loved by kids and adults'] },
  { name: 'Microwave Popcorn 3 pack', category: 'Instant', art: '1f37f', price: 99, offerPrice: 89, weight: '270 g', description: ['Butter flavour', 'Ready in 3 minutes', 'Perfect for movie nights'] },
  { name: 'Frozen Dumplings 500g', category: 'Instant', art: '1f95f', price: 220, offerPrice: 199, weight: '500 g', description: ['Vegetable filling', 'Steam or pan-fry', 'Ready in 10 minutes'] },
  { name: 'Tomato Soup Can 400g', category: 'Instant', art: '1f96b', price: 90, offerPrice: 85, weight: '400 g', description: ['Heat and serve', 'No preservatives'] },
  { name: 'Frozen Pizza', category: 'Instant', art: '1f355', price: 250, offerPrice: 229, weight: '350 g', description: ['Cheese and vegetables', 'Bake in 12 minutes', 'Crispy thin crust'] },
  { name: 'Frozen French Fries 750g', category: 'Instant', art: '1f35f', price: 160, offerPrice: 145, weight: '750 g', description: ['Golden and crispy', 'Air-fryer friendly'] },
  { name: 'Ready Meal Veg Curry', category: 'Instant', art: '1f372', price: 130, offerPrice: 119, weight: '300 g', description: ['Heat in 2 minutes', 'Authentic spices', 'No artificial colours'] },
  // Dairy
  { name: 'Amul Milk 1L', category: 'Dairy', art: '1f95b', price: 64, offerPrice: 60, weight: '1 L', description: ['Pure and fresh', 'Rich in calcium', 'Ideal for tea and coffee'] },
  { name: 'Cheddar Cheese 200g', category: 'Dairy', art: '1f9c0', price: 180, offerPrice: 165, weight: '200 g', description: ['Aged and sharp', 'Melts beautifully', 'Great for sandwiches'] },
  { name: 'Butter 100g', category: 'Dairy', art: '1f9c8', price: 58, offerPrice: 55, weight: '100 g', description: ['Creamy salted butter', 'Made from fresh cream'] },
  { name: 'Brown Eggs 12 pack', category: 'Dairy', art: '1f95a', price: 110, offerPrice: 99, weight: '12 pcs', description: ['Farm fresh', 'High in protein', 'Free-range hens'] },
  { name: 'Vanilla Ice Cream 500ml', category: 'Dairy', art: '1f366', price: 150, offerPrice: 135, weight: '500 ml', description: ['Made with real vanilla', 'Creamy and smooth'] },
  // Bakery
  { name: 'Brown Bread 400g', category: 'Bakery', art: '1f35e', price: 45, offerPrice: 40, weight: '400 g', description: ['Soft and healthy', 'Made from whole wheat', 'Ideal for breakfast'] },
  { name: 'Butter Croissant 2 pack', category: 'Bakery', art: '1f950', price: 120, offerPrice: 110, weight: '160 g', description: ['Flaky and buttery', 'Freshly baked'] },
  { name: 'French Baguette', category: 'Bakery', art: '1f956', price: 80, offerPrice: 72, weight: '250 g', description: ['Crisp crust', 'Soft airy inside', 'Baked every morning'] },
  { name: 'Bagels 4 pack', category: 'Bakery', art: '1f96f', price: 140, offerPrice: 129, weight: '400 g', description: ['Chewy and golden', 'Great with cream cheese'] },
  { name: 'Chocolate Cupcakes 4 pack', category: 'Bakery', art: '1f9c1', price: 160, offerPrice: 149, weight: '240 g', description: ['Rich chocolate sponge', 'Topped with frosting', 'Perfect for parties'] },
  { name: 'Butter Cookies 200g', category: 'Bakery', art: '1f36a', price: 99, offerPrice: 89, weight: '200 g', description: ['Crunchy and buttery', 'Tea-time favourite'] },
  // Grains
  { name: 'Basmati Rice 5 kg', category: 'Grains', art: '1f35a', price: 550, offerPrice: 520, weight: '5 kg', description: ['Long grain and aromatic', 'Perfect for biryani', 'Aged for flavour'] },
  { name: 'Wheat Flour 5 kg', category: 'Grains', art: '1f33e', price: 250, offerPrice: 230, weight: '5 kg', description: ['High-quality whole wheat', 'Soft and fluffy rotis', 'Rich in nutrients'] },
  { name: 'Rolled Oats 1 kg', category: 'Grains', art: '1f963', price: 180, offerPrice: 165, weight: '1 kg', description: ['High in fibre', 'Heart healthy', 'Quick breakfast'] },
  { name: 'Sweet Corn 500g', category: 'Grains', art: '1f33d', price: 70, offerPrice: 62, weight: '500 g', description: ['Sweet golden kernels', 'Great in salads and soups'] },
  { name: 'Roasted Peanuts 500g', category: 'Grains', art: '1f95c', price: 120, offerPrice: 108, weight: '500 g', description: ['Crunchy and salted', 'High in protein'] },
  { name: 'Kidney Beans 1 kg', category: 'Grains', art: '1fad8', price: 160, offerPrice: 149, weight: '1 kg', description: ['Rich in protein', 'Perfect for rajma', 'Soak overnight'] },
];

export interface DemoShop {
  shopName: string;
  slug: string;
  name: string;
  email: string;
  phone: string;
  pickupAddress: string;
  products: SeedProduct[];
}

/**
 * Two approved shops beside the first one, seeded with it, so the marketplace shows several sellers at
 * once (issue 26). Their accounts have no usable password (docs/decisions/0119): they are shop windows,
 * not logins; a real shop registers.
 */
export const DEMO_SHOPS: DemoShop[] = [
  {
    shopName: 'Sharma Fresh Farm',
    slug: 'sharma-fresh-farm',
    name: 'Ravi Sharma',
    email: 'sharma-fresh-farm@demo.greencart.invalid',
    phone: '+91 98200 11111',
    pickupAddress: 'Plot 12, Mandi Road, Nashik 422001',
    products: [
      { name: 'Organic Tomato 1 kg', category: 'Vegetables', art: '1f345', price: 60, offerPrice: 55, weight: '1 kg', description: ['Grown without pesticides', 'Picked the morning it ships'] },
      { name: 'Farm Spinach 250g', category: 'Vegetables', art: '1f96c', price: 25, offerPrice: 22, weight: '250 g', description: ['Tender leaves', 'Washed and bundled on the farm'] },
      { name: 'Desi Cow Milk 1L', category: 'Dairy', art: '1f95b', price: 80, offerPrice: 76, weight: '1 L', description: ['From the farm\'s own cows', 'Delivered chilled'] },
      { name: 'Country Eggs 6 pack', category: 'Dairy', art: '1f95a', price: 72, offerPrice: 66, weight: '6 pcs', description: ['Free-range hens', 'Rich orange yolks'] },
    ],
  },
  {
    shopName: 'Daily Bakehouse',
    slug: 'daily-bakehouse',
    name: 'Anita Dsouza',
    email: 'daily-bakehouse@demo.greencart.invalid',
    phone: '+91 98450 22222',
    pickupAddress: '4 Church Street, Bengaluru 560001',
    products: [
      { name: 'Sourdough Loaf 500g', category: 'Bakery', art: '1f35e', price: 180, offerPrice: 165, weight: '500 g', description: ['Slow-fermented for 24 hours', 'Crackling crust'] },
      { name: 'Almond Croissant', category: 'Bakery', art: '1f950', price: 95, offerPrice: 89, weight: '90 g', description: ['Laminated by hand', 'Filled with almond cream'] },
      { name: 'Oatmeal Cookies 200g', category: 'Bakery', art: '1f36a', price: 120, offerPrice: 110, weight: '200 g', description: ['Oats and jaggery', 'Baked every morning'] },
    ],
  },
];

/** Products the first start seeds: the spec's 49 and the demo shops' own. */
export const SEEDED_PRODUCT_COUNT = SEED_PRODUCTS.length + DEMO_SHOPS.reduce((n, shop) => n + shop.products.length, 0);
