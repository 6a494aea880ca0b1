import { CATEGORIES, MAX_PRODUCT_IMAGES, ProductImagesSchema, ProductInputSchema } from '@greencart/shared';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { FormField } from '../../../components/form-field';
import { useForm } from '../../../lib/use-form';
import { addProduct } from '../api/add-product';

const EMPTY = { name: '', description: '', category: '', price: '', offerPrice: '' };
/** The server's two checks in one, so a missing image is named with the other fields' messages. */
const AddProductFormSchema = z.object({ product: ProductInputSchema, images: ProductImagesSchema });
/**
 * A chosen image and its preview as a data: URL (the shop's Content-Security-Policy allows data:
 * images, not blob: ones).
 */
type Slot = { file: File; preview: string } | undefined;
const emptySlots = (): Slot[] => Array(MAX_PRODUCT_IMAGES).fill(undefined);
const readPreview = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });

/** One image slot: click to choose a file; the chosen image is previewed in place. */
function ImageSlot({ index, slot, errorId, onChoose }: { index: number; slot: Slot; errorId?: string; onChoose: (file: File | undefined) => void }) {
  return (
    <label
      className={`flex h-24 w-24 cursor-pointer items-center justify-center overflow-hidden rounded border border-dashed bg-gray-50 hover:border-primary ${errorId ? 'border-red-500' : 'border-gray-400'}`}
    >
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        className="sr-only"
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
  );
}

/**
 * The seller's add-product form (spec sections 2 and 5): 4 image slots, name, description (one
 * line per bullet), category, price and offer price. Validated with the server's own schema; the
 * server's refusal is toasted by the API client. Success toasts and clears the form.
 */
export function AddProductForm() {
  const ids = { description: useId(), category: useId(), imagesError: useId() };
  const form = useForm(EMPTY);
  const [slots, setSlots] = useState<Slot[]>(emptySlots);
  // Remounts the file inputs on success, so a chosen file's name does not linger in them.
  const [formKey, setFormKey] = useState(0);
  const { values, errors } = form;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const images = slots.flatMap((slot) => (slot ? [slot.file] : []));
    const parsed = AddProductFormSchema.safeParse({
      product: { ...values, description: values.description.split('\n'), category: values.category || undefined },
      images,
    });
    void form.submit(parsed, async ({ product }) => {
      const { message } = await addProduct(product, images);
      toast.success(message);
      form.reset();
      setSlots(emptySlots());
      setFormKey((k) => k + 1);
    });
  };

  const choose = async (index: number, file: File | undefined) => {
    // A cancelled file dialog keeps the slot's image.
    if (!file) return;
    try {
      const preview = await readPreview(file);
      setSlots((current) => current.map((slot, i) => (i === index ? { file, preview } : slot)));
    } catch {
      toast.error(`Could not read ${file.name}`);
    }
  };

  return (
    <main className="px-4 py-8 md:px-10">
      <form key={formKey} noValidate onSubmit={onSubmit} aria-label="Add product" className="flex max-w-lg flex-col gap-5">
        <fieldset>
          <legend className="text-base font-medium">Product Image</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {slots.map((slot, index) => (
              <ImageSlot key={index} index={index} slot={slot} errorId={errors.images ? ids.imagesError : undefined} onChoose={(file) => void choose(index, file)} />
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
            rows={4}
            placeholder="One point per line"
            value={values.description}
            onChange={form.field('description').onChange}
            className="w-full resize-none rounded border border-gray-300 px-3 py-2 outline-none focus:border-primary"
          />
          {errors.description && <p className="mt-1 text-sm text-red-600">{errors.description}</p>}
        </div>
        <div>
          <label htmlFor={ids.category} className="mb-1 block text-sm text-gray-600">
            Category
          </label>
          <select
            id={ids.category}
            value={values.category}
            aria-invalid={errors.category ? true : undefined}
            onChange={form.field('category').onChange}
            className={`w-full rounded border px-3 py-2 outline-none focus:border-primary ${errors.category ? 'border-red-500' : 'border-gray-300'}`}
          >
            <option value="">Select Category</option>
            {CATEGORIES.map((c) => (
              <option key={c.path} value={c.path}>
                {c.path}
              </option>
            ))}
          </select>
          {errors.category && <p className="mt-1 text-sm text-red-600">{errors.category}</p>}
        </div>
        <div className="flex flex-wrap gap-5">
          <FormField label="Product Price" type="number" inputMode="decimal" min="0" step="0.01" placeholder="0" className="min-w-32 flex-1" {...form.field('price')} />
          <FormField label="Offer Price" type="number" inputMode="decimal" min="0" step="0.01" placeholder="0" className="min-w-32 flex-1" {...form.field('offerPrice')} />
        </div>
        <button type="submit" disabled={form.submitting} className="w-max cursor-pointer rounded bg-primary-ink px-8 py-2.5 font-medium text-white hover:bg-primary-deep disabled:opacity-60">
          {form.submitting ? 'Adding…' : 'ADD'}
        </button>
      </form>
    </main>
  );
}
