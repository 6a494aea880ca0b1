/**
 * /products?seller=<slug> (issue 26): the list shows one shop's products; this says which (its name as the
 * page's loader read it, the slug when no approved shop has it) and takes the filter off. Reached from a
 * shop's page ('Search all products of this shop' keeps the filter on /products).
 */
export function ShopFilter({ slug, shopName, onClear }: { slug: string; shopName: string | undefined; onClear: () => void }) {
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-gray-600">
      <span>
        Sold by <span className="font-medium text-gray-800">{shopName ?? slug}</span>
      </span>
      <button type="button" onClick={onClear} className="h-10 cursor-pointer rounded-full border border-gray-300 px-4 text-sm text-primary-ink hover:bg-primary/10">
        Show all shops <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
