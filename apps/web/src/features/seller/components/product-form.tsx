import { CATEGORIES, MAX_IMAGE_BYTES, NET_UNITS, MAX_PRODUCT_IMAGES, numberFromText, writtenUnit, type Product } from '@greencart/shared';
import { ShopWriteFields } from '../../../components/shop-write-fields';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { FormField } from '../../../components/form-field';
import { loadFormSchemas, useForm } from '../../../lib/use-form';
import { withoutErrors } from '../../../lib/form-errors';
import { useSellerCanWrite } from '../../../lib/session';
import { addProduct } from '../api/add-product';
import { currentImageFile, updateProduct } from '../api/update-product';

// `amount` and `unit`: the net quantity (issue 28), named as the schema's last path segments so a refusal lands on its field.
const EMPTY = { name: '', description: '', category: '', price: '', offerPrice: '', stock: '', amount: '', unit: '' };
type FormValues = typeof EMPTY;
/**
 * A slot's image: a chosen file and its preview as a data: URL (the shop's Content-Security-Policy
 * allows data: images, not blob: ones), or, when editing, one of the product's current images.
 */
type Slot = { file: File; preview: string } | { url: string; preview: string } | undefined;
const emptySlots = (): Slot[] => Array(MAX_PRODUCT_IMAGES).fill(undefined);
const slotsOf = (product: Product | undefined): Slot[] => emptySlots().map((_, i) => (product?.image[i] ? { url: product.image[i], preview: product.image[i] } : undefined));
const valuesOf = (product: Product | undefined): FormValues =>
  product
    ? {
        name: product.name,
        description: product.description.join('\n'),
        category: product.category,
        price: String(product.price),
        offerPrice: String(product.offerPrice),
        stock: product.stock === null ? '' : String(product.stock),
        amount: product.netQuantity ? String(product.netQuantity.amount) : '',
        unit: product.netQuantity?.unit ?? '',
      }
    : EMPTY;
const readPreview = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
/** The form's text as the schemas' input: description one line per bullet, an empty stock is "not counted". */
const productDataOf = ({ amount, unit, ...values }: FormValues) => ({
  ...values,
  description: values.description.split('\n'),
  category: values.category || undefined,
  stock: values.stock.trim() === '' ? null : numberFromText(values.stock),
  // An empty amount: no net quantity (an edit clears it). No unit chosen is refused, not taken as grams: "Tomatoes
  // 1kg" with 1 typed was sold as 1 g, at Rs 90,000/kg (a probe).
  netQuantity: amount.trim() === '' ? null : { amount: numberFromText(amount), unit: unit || undefined },
});
/** The photos the server takes, by type (it checks the bytes too). */
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';
/** Why a chosen file cannot be a product photo, told at once rather than after submitting. */
const imageRefusal = (file: File) =>
  !IMAGE_TYPES.split(',').includes(file.type)
    ? `"${file.name}" is not a JPEG, PNG, WebP or AVIF image`
    : file.size > MAX_IMAGE_BYTES
      ? `"${file.name}" is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB`
      : undefined;

/** One image slot: click to choose a file; the chosen image is previewed in place, with a button that empties the slot. */
function ImageSlot({ index, slot, errorId, onChoose, onRemove }: { index: number; slot: Slot; errorId?: string; onChoose: (file: File | undefined) => void; onRemove: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="relative">
    <label
      // The file field is hidden: its box shows the keyboard's focus (it showed none: a probe).
      className={`flex h-24 w-24 cursor-pointer items-center justify-center overflow-hidden rounded border border-dashed bg-gray-50 hover:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-ink ${errorId ? 'border-red-500' : 'border-gray-400'}`}
    >
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES}
        className="sr-only"
        name="images"
        aria-label={`Product image ${index + 1}`}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChoose(e.target.files?.[0])}
      />
      {slot ? (
        <img src={slot.preview} alt={`Preview of image ${index + 1}`} className="h-full w-full object-cover" />
      ) : (
        <span className="flex flex-col items-center text-xs text-gray-500">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth={1.6}>
            <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v4h16v-4" />
          </svg>
          Upload
        </span>
      )}
    </label>
      {slot && (
        <button
          type="button"
          onClick={() => {
            onRemove();
            // The slot's field forgets the file (the same one chosen again changed nothing: a probe) and takes the focus
            // from the button going away (it fell to the page's body).
            input.current!.value = '';
            input.current!.focus();
          }}
          aria-label={`Remove image ${index + 1}`}
          className="absolute -top-2 -right-2 flex h-6 w-6 cursor-pointer before:absolute before:-inset-2 before:content-[''] items-center justify-center rounded-full border border-gray-300 bg-white text-gray-700 shadow hover:bg-gray-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth={2.5}>
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}

/**
 * The seller's product form (spec sections 2 and 5, issue 16): 4 image slots, name, description (one
 * line per bullet), category, price, offer price and stock count. Validated with the server's own
 * schema; the server's refusal is toasted by the API client. Adding: success toasts and clears the
 * form. Editing (`product`): prefilled with the product; choosing an image replaces that slot's image
 * and the whole set is sent (the server replaces the set); success toasts and calls `onSaved`. `onChanged` is told
 * whether an edited product's form holds changes not saved (its dialog asks before they are lost).
 */
export function ProductForm({ product, onSaved, onChanged }: { product?: Product; onSaved?: () => void; onChanged?: (changed: boolean) => void }) {
  const ids = { description: useId(), category: useId(), imagesError: useId(), unit: useId() };
  const form = useForm(valuesOf(product));
  const canWrite = useSellerCanWrite();
  const [slots, setSlots] = useState<Slot[]>(() => slotsOf(product));
  // Editing: a chosen or removed image sends the whole set (the server replaces it); a slot that is no longer the
  // product's own image at that place says so.
  const imagesChanged = slots.some((slot, i) => (slot && 'file' in slot) || slot?.preview !== product?.image[i]);
  // Only the fields this form changed: another tab's save of the others (a new price) is not put back as it was.
  const changedFields = (editing: Product) => {
    const before = productDataOf(valuesOf(editing));
    return Object.fromEntries(Object.entries(productDataOf(form.values)).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before])));
  };
  const unsaved = product !== undefined && (imagesChanged || Object.keys(changedFields(product)).length > 0);
  useEffect(() => onChanged?.(unsaved), [unsaved, onChanged]);
  // Remounts the file inputs on success, so a chosen file's name does not linger in them.
  const [formKey, setFormKey] = useState(0);
  // Added: the emptied form's first image slot has the focus, ready for the next product (it fell to the page's body).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formKey > 0) formRef.current?.querySelector('input')?.focus();
  }, [formKey]);
  const { values, errors } = form;

  const add = () => {
    const images = slots.flatMap((slot) => (slot && 'file' in slot ? [slot.file] : []));
    void form.submit(loadFormSchemas().then((s) => s.AddProductFormSchema.safeParse({ product: productDataOf(values), images })), async ({ product: input }) => {
      const { message } = await addProduct(input, images);
      toast.success(message);
      form.reset();
      setSlots(emptySlots());
      setFormKey((k) => k + 1);
    });
  };

  const edit = (editing: Product) => {
    const kept = slots.filter((slot) => slot !== undefined);
    const changed = changedFields(editing);
    // Nothing changed: nothing to send (the server refuses an empty change, and its red "Send at least one field or
    // image to change" kept the dialog open: a probe). The dialog closes as a save does, saying plainly why nothing was saved.
    if (Object.keys(changed).length === 0 && !imagesChanged) {
      toast('No changes to save');
      onSaved?.();
      return;
    }
    const checked = { product: { id: editing._id, ...changed }, images: imagesChanged ? kept : undefined };
    void form.submit(loadFormSchemas().then((s) => s.EditProductFormSchema.safeParse(checked)), async ({ product: input }) => {
      const files = kept.map((slot, i) => ('file' in slot ? Promise.resolve(slot.file) : currentImageFile(slot.url, i)));
      const images = imagesChanged ? await Promise.all(files) : [];
      const { message } = await updateProduct(input, images);
      toast.success(message);
      onSaved?.();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (product) edit(product);
    else add();
  };

  const choose = async (index: number, file: File | undefined) => {
    // A cancelled file dialog keeps the slot's image.
    if (!file) return;
    const refusal = imageRefusal(file);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    let preview: string;
    try {
      preview = await readPreview(file);
    } catch {
      return void toast.error(`Could not read ${file.name}`);
    }
    // A file of a photo's type that is none (random bytes named .png) showed a broken preview until the server refused it.
    const image = new Image();
    image.src = preview;
    try {
      await image.decode();
    } catch {
      return void toast.error(`"${file.name}" is not a JPEG, PNG, WebP or AVIF image`);
    }
    setSlots((current) => current.map((slot, i) => (i === index ? { file, preview } : slot)));
    // An image chosen answers "Add at least one product image", as a field typed in loses its message (a probe saw it stay).
    form.setErrors((current) => withoutErrors(current, 'images'));
  };

  return (
    <form ref={formRef} key={formKey} noValidate onSubmit={onSubmit} aria-label={product ? `Edit ${product.name}` : 'Add product'} className="flex max-w-lg flex-col gap-5">
      <ShopWriteFields>
        <fieldset>
          <legend className="text-base font-medium">Product Image</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {slots.map((slot, index) => (
              <ImageSlot
                key={index}
                index={index}
                slot={slot}
                errorId={errors.images ? ids.imagesError : undefined}
                onChoose={(file) => void choose(index, file)}
                onRemove={() => setSlots((current) => current.map((s, i) => (i === index ? undefined : s)))}
              />
            ))}
          </div>
          {errors.images && (
            <p id={ids.imagesError} className="mt-1 text-sm text-red-600">
              {errors.images}
            </p>
          )}
        </fieldset>
        <FormField label="Product Name" placeholder="Type here" {...form.field('name')} />
        <div>
          <label htmlFor={ids.description} className="mb-1 block text-sm text-gray-600">
            Product Description
          </label>
          <textarea
            id={ids.description}
            name="description"
            rows={4}
            placeholder="One point per line"
            value={values.description}
            onChange={form.field('description').onChange}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${ids.description}-error` : undefined}
            className={`w-full resize-none rounded border px-3 py-2 outline-none focus:border-primary ${errors.description ? 'border-red-500' : 'border-field'}`}
          />
          {errors.description && (
            <p id={`${ids.description}-error`} className="mt-1 text-sm text-red-600">
              {errors.description}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.category} className="mb-1 block text-sm text-gray-600">
            Category
          </label>
          <select
            id={ids.category}
            name="category"
            value={values.category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${ids.category}-error` : undefined}
            onChange={form.field('category').onChange}
            className={`h-10 w-full rounded border px-3 outline-none focus:border-primary ${errors.category ? 'border-red-500' : 'border-field'}`}
          >
            <option value="">Select Category</option>
            {CATEGORIES.map((c) => (
              <option key={c.path} value={c.path}>
                {c.path}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${ids.category}-error`} className="mt-1 text-sm text-red-600">
              {errors.category}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-5">
          <FormField label="Product Price" inputMode="decimal" placeholder="0" className="min-w-32 flex-1" {...form.field('price')} />
          <FormField label="Offer Price" inputMode="decimal" placeholder="0" className="min-w-32 flex-1" {...form.field('offerPrice')} />
        </div>
        {/* Label, field and message in rows the two share: the unit's box sits beside the amount's when the amount's
            label takes two lines (a phone). */}
        <div className="grid grid-cols-[minmax(0,15rem)_auto] justify-start gap-x-5">
          <FormField label="Net quantity (empty: none)" inputMode="decimal" placeholder="e.g. 500" className="row-span-3 grid grid-rows-subgrid content-start" {...form.field('amount')} />
          <div className="row-span-3 grid grid-rows-subgrid content-start">
            <label htmlFor={ids.unit} className="mb-1 block text-sm text-gray-600">
              Unit
            </label>
            <select
              id={ids.unit}
              name="unit"
              value={values.unit}
              aria-invalid={errors.unit ? true : undefined}
              aria-describedby={errors.unit ? `${ids.unit}-error` : undefined}
              onChange={form.field('unit').onChange}
              className="h-10 rounded border border-field px-3 outline-none focus:border-primary"
            >
              <option value="">Select unit</option>
              {NET_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {writtenUnit(unit)}
                </option>
              ))}
            </select>
            {errors.unit && (
              <p id={`${ids.unit}-error`} className="mt-1 text-sm text-red-600">
                {errors.unit}
              </p>
            )}
          </div>
        </div>
        <FormField label="Stock (units left; empty: not counted)" inputMode="numeric" placeholder="Not counted" className="max-w-60" {...form.field('stock')} />
        <button type="submit" disabled={!canWrite || form.submitting} className="w-max cursor-pointer rounded bg-primary-ink px-8 py-2.5 font-medium text-white hover:bg-primary-deep disabled:opacity-60">
          {product ? (form.submitting ? 'Saving…' : 'SAVE') : form.submitting ? 'Adding…' : 'ADD'}
        </button>
      </ShopWriteFields>
    </form>
  );
}

/** /seller (spec section 2): the add-product page. */
export function AddProductForm() {
  return (
    <main className="px-4 py-8 md:px-10">
      {/* The screen's name for screen readers, as the other seller screens have a heading (the spec's form shows none). */}
      <h1 className="sr-only">Add Product</h1>
      <ProductForm />
    </main>
  );
}
