import { CATEGORIES } from '@greencart/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The home page's seven categories with the spec's colours, each to /products/{path in lower case}. */
export function CategoryGrid() {
  return (
    <section aria-labelledby="categories-heading" className="mt-16">
      <h2 id="categories-heading" className="text-2xl font-medium md:text-3xl">
        Categories
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
        {CATEGORIES.map((category) => (
          <li key={category.path}>
            <Link
              to={paths.category(category.path)}
              style={{ backgroundColor: category.bgColor }}
              className="group flex h-full flex-col items-center justify-center gap-2 rounded-lg px-3 py-5 text-center"
            >
              <img
                src={`/art/category-${category.path.toLowerCase()}-160.webp`}
                srcSet={`/art/category-${category.path.toLowerCase()}-160.webp 160w, /art/category-${category.path.toLowerCase()}-320.webp 320w`}
                sizes="80px"
                alt=""
                width={80}
                height={80}
                loading="lazy"
                className="h-20 w-20 transition group-hover:scale-110"
              />
              <span className="text-sm font-medium">{category.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
