import fastifyMultipart from '@fastify/multipart';
import {
  MAX_IMAGE_BYTES,
  LowStockAnswerSchema,
  LowStockQuerySchema,
  MAX_PRODUCT_IMAGES,
  MessageAnswerSchema,
  ProductInputSchema,
  ProductSavedAnswerSchema,
  ProductUpdateInputSchema,
  RestoreProductInputSchema,
  RetiredProductPageSchema,
  RetiredProductQuerySchema,
  RetireProductInputSchema,
  SellerProductPageSchema,
  SellerProductQuerySchema,
  StockInputSchema,
  type ErrorCode,
} from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { BinarySchema, multipartForm, routeSchema, SELLER_CALL, SELLER_WRITE, WRITE_CALL } from '../../lib/route-schema.js';
import { invalidImage } from '../images/image-service.js';
import { invalidProductData, malformedForm, notMultipart } from './product-admin-errors.js';
import type { UploadedImage } from './product-admin-service.js';

/**
 * Reads the add- and edit-product form (spec section 7, issue 16): the `productData` field and up to 4 files under
 * `images`. Files are held in memory (at most 4 × 5 MB) so every check runs before anything is stored.
 */
async function readProductForm(app: FastifyInstance, request: FastifyRequest) {
  const { FilesLimitError, RequestFileTooLargeError, InvalidMultipartContentTypeError, FieldsLimitError, PartsLimitError } = app.multipartErrors;
  let productData: string | undefined;
  const files: UploadedImage[] = [];
  let current = 'An image';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        current = part.filename ? `Image "${part.filename}"` : `Image ${files.length + 1}`;
        if (part.fieldname !== 'images') throw invalidProductData(`Unexpected file field "${part.fieldname}": send images under "images"`);
        files.push({ data: await part.toBuffer(), label: current });
      } else if (part.fieldname === 'images') {
        // An image slot the original client's form left empty: its sparse list of files sends it as the text
        // "undefined" (spec section 7). Nothing to store, as the original server's upload took only files.
        continue;
      } else if (part.fieldname === 'productData') {
        // Two would leave the product to whichever came last: refused, as a second unexpected field is.
        if (productData !== undefined) throw invalidProductData('Send one productData field');
        productData = String(part.value);
      } else {
        throw invalidProductData(`Unexpected field "${part.fieldname}"`);
      }
    }
  } catch (err) {
    if (err instanceof RequestFileTooLargeError) throw invalidImage(`${current} is larger than 5 MB`);
    if (err instanceof FilesLimitError) throw invalidProductData(`A product can have at most ${MAX_PRODUCT_IMAGES} images`);
    if (err instanceof InvalidMultipartContentTypeError) throw notMultipart();
    if (err instanceof FieldsLimitError || err instanceof PartsLimitError) throw invalidProductData('Too many form fields');
    if (err instanceof AppError) throw err;
    // The loop only reads the request body: anything else it meets (busboy's "Unexpected end of
    // form", a missing or wrong boundary, a closed connection, a bad JSON field) is the body's fault.
    request.log.info({ err }, 'malformed multipart body');
    throw malformedForm();
  }
  return { productData, files };
}

const FORM_FIELDS = 5;
const FORM_FIELD_BYTES = 64 * 1024;
/** The whole form, refused at once when declared larger (plugins/body-limits.ts): files, fields, parts' headers. */
const FORM_BYTES = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + FORM_FIELDS * FORM_FIELD_BYTES + 64 * 1024;

/**
 * The form as the document shows it; readProductForm reads and checks it part by part. `productData` is JSON text:
 * its fields are described as OpenAPI 3.1 describes a string's content (`contentMediaType`, `contentSchema`), from
 * the schema the call checks it with (a probe found them nowhere in the document).
 */
function productForm(data: z.ZodType, description: string, images: 'required' | 'optional') {
  const { $schema: _dialect, ...contentSchema } = z.toJSONSchema(data, { io: 'input', unrepresentable: 'any' });
  // A new product needs an image (decision 0230): said in the form, not only in the summary (a client generated from
  // the document let a call go without one, a probe).
  const files = z.array(BinarySchema).max(MAX_PRODUCT_IMAGES);
  return z.object({
    productData: z.string().meta({ description, contentMediaType: 'application/json', contentSchema }),
    images: images === 'required' ? files.min(1).meta({ description: '1-4 image files' }) : files.optional().meta({ description: 'New images replacing the old ones (up to 4); none keeps them' }),
  });
}

const tags = ['Seller catalogue'];
const SAVE_PRODUCT: ErrorCode[] = [...SELLER_WRITE, ...WRITE_CALL, 'INVALID_PRODUCT', 'INVALID_IMAGE'];

/**
 * The seller's catalogue calls (spec section 7, issue 16); all refuse visitors (401) and shoppers (403), the
 * writes a shop that is not approved (403). Each touches only the caller's own products: another shop's
 * is not found (404); the operator reads every shop's and may retire any (issue 26, decision 0117).
 */
export async function productAdminRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_PRODUCT_IMAGES, fields: FORM_FIELDS, parts: MAX_PRODUCT_IMAGES + FORM_FIELDS, fieldSize: FORM_FIELD_BYTES },
  });

  const formSchema = (summary: string, errors: ErrorCode[], form: z.ZodObject) =>
    routeSchema({ tags, summary, errors }, { ...multipartForm(form), response: { 200: ProductSavedAnswerSchema } });
  const addSchema = formSchema('Add a product with 1-4 images', [...SAVE_PRODUCT, 'REMOVED_BY_OPERATOR'], productForm(ProductInputSchema, 'The product as JSON', 'required'));
  routes.post('/product/add', { onRequest: app.requireSellerWrite, bodyLimit: FORM_BYTES, schema: addSchema }, async (request) => {
    const { productData, files } = await readProductForm(app, request);
    const product = await app.productAdmin.addProduct(request.seller, productData, files);
    return { success: true as const, message: 'Product Added', product };
  });

  const updateSchema = formSchema(
    'Change a product; images sent replace its images',
    [...SAVE_PRODUCT, 'PRODUCT_NOT_FOUND', 'REMOVED_BY_OPERATOR'],
    productForm(ProductUpdateInputSchema, 'The product as JSON: its `id` and the fields that change', 'optional'),
  );
  routes.post('/product/update', { onRequest: app.requireSellerWrite, bodyLimit: FORM_BYTES, schema: updateSchema }, async (request) => {
    const { productData, files } = await readProductForm(app, request);
    const product = await app.productAdmin.updateProduct(request.seller, productData, files);
    return { success: true as const, message: 'Product Updated', product };
  });

  const deleteSchema = routeSchema(
    { tags, summary: "Retire a product (orders keep their copy); the operator removing another shop's says why", errors: [...SELLER_WRITE, ...WRITE_CALL, 'PRODUCT_NOT_FOUND', 'MODERATION_REASON_REQUIRED'] },
    { body: RetireProductInputSchema, response: { 200: MessageAnswerSchema } },
  );
  routes.post('/product/delete', { onRequest: app.requireSellerWrite, schema: deleteSchema }, async (request) => {
    await app.productAdmin.retire(request.seller, request.body.id, request.body.reason);
    return { success: true as const, message: 'Product Deleted' };
  });

  const restoreSchema = routeSchema(
    { tags, summary: 'Put a deleted product back in the shop, out of stock (a seller its own, unless the operator removed it); one on sale is answered as it is', errors: [...SELLER_WRITE, ...WRITE_CALL, 'PRODUCT_NOT_FOUND', 'REMOVED_BY_OPERATOR'] },
    { body: RestoreProductInputSchema, response: { 200: ProductSavedAnswerSchema } },
  );
  routes.post('/product/restore', { onRequest: app.requireSellerWrite, schema: restoreSchema }, async (request) => {
    const product = await app.productAdmin.restore(request.seller, request.body.id);
    return { success: true as const, message: 'Product Restored', product };
  });

  // `{id, inStock}` (spec section 7) or `{id, stock}` (issue 16); the product's new state comes back.
  const stockSchema = routeSchema(
    { tags, summary: 'Set whether a product is in stock, or its unit count', errors: [...SELLER_WRITE, ...WRITE_CALL, 'PRODUCT_NOT_FOUND', 'NO_UNITS_LEFT'] },
    { body: StockInputSchema, response: { 200: ProductSavedAnswerSchema } },
  );
  routes.post('/product/stock', { onRequest: app.requireSellerWrite, schema: stockSchema }, async (request) => {
    const product = await app.productAdmin.setStock(request.seller, request.body);
    return { success: true as const, message: 'Stock Updated', product };
  });

  // The seller's product list, a page at a time, newest first (issue 15).
  routes.get(
    '/seller/products',
    {
      onRequest: app.requireSeller,
      schema: routeSchema(
        { tags, summary: "The seller's products, newest first, a page at a time", errors: SELLER_CALL },
        { querystring: SellerProductQuerySchema, response: { 200: SellerProductPageSchema } },
      ),
    },
    async (request) => {
      const page = await app.products.sellerPage(request.seller, request.query);
      // Not in the page's read cache: it changes with the shoppers' alerts, which are no catalogue change.
      const waiting = await app.stockAlerts.waitingFor(page.products.filter((product) => !product.inStock).map((product) => product._id));
      return { success: true as const, ...page, products: page.products.map((product) => ({ ...product, waiting: waiting.get(product._id) ?? 0 })) };
    },
  );

  // The seller's deleted products, to restore one (docs/decisions/0231).
  const retiredSchema = routeSchema(
    { tags, summary: "The seller's deleted products (the operator: every shop's), last deleted first, a page at a time", errors: SELLER_CALL },
    { querystring: RetiredProductQuerySchema, response: { 200: RetiredProductPageSchema } },
  );
  routes.get('/seller/products/retired', { onRequest: app.requireSeller, schema: retiredSchema }, async (request) => ({
    success: true as const,
    ...(await app.products.retiredPage(request.seller, request.query)),
  }));

  // The seller's low-stock list: fewest units first, a page at a time (docs/decisions/0072).
  const lowStockSchema = routeSchema(
    { tags, summary: 'The products running low, fewest units first, a page at a time', errors: SELLER_CALL },
    { querystring: LowStockQuerySchema, response: { 200: LowStockAnswerSchema } },
  );
  routes.get('/seller/products/low-stock', { onRequest: app.requireSeller, schema: lowStockSchema }, async (request) => ({
    success: true as const,
    ...(await app.products.lowStock(request.seller, request.query.cursor)),
  }));
}
