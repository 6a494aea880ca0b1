import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import { ErrorAnswerSchema, IMPORT_LIMITS, ImportModeSchema, MAX_IMPORT_ISSUES_SENT, type ImportEvent, type ImportMode } from '@greencart/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { calendarDay } from '../../lib/calendar-day.js';
import { csvBody } from '../../lib/csv-body.js';
import { LEFTOVER_AGE_MS, removeStaleFiles } from '../../lib/stale-files.js';
import { errorAnswer } from '../../plugins/error-handler.js';
import { BinarySchema, multipartForm, routeSchema, SELLER_CALL, SELLER_WRITE, WRITE_CALL, written } from '../../lib/route-schema.js';
import { invalidImportFile, malformedForm, notMultipart } from './catalogue-import-errors.js';
import { openImageZip, type ImageZip } from './image-zip.js';

const MB = 1024 * 1024;
/** An import's uploaded zip, in the temporary directory while the import runs. */
const UPLOADED_ZIP_PREFIX = 'greencart-import-';
const UPLOADED_ZIP = new RegExp(`^${UPLOADED_ZIP_PREFIX}[0-9a-f-]{36}\\.zip$`);

interface ImportUpload {
  csv?: Buffer;
  /** The zip, saved to a temporary file so yauzl can read its directory at the end. */
  zipFile?: string;
  mode: ImportMode;
}

/** The whole form, refused at once when declared larger (plugins/body-limits.ts): both files and room for the rest. */
const IMPORT_FORM_BYTES = IMPORT_LIMITS.csvBytes + IMPORT_LIMITS.zipBytes + MB;

/** A stream stage that refuses a file growing past `limit` bytes. */
const sizeGuard = (limit: number, tooLarge: () => AppError) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? tooLarge() : null, chunk);
    },
  });
};

const csvTooLarge = () => invalidImportFile(`The CSV is larger than ${IMPORT_LIMITS.csvBytes / MB} MB; split it into smaller files`);
const zipTooLarge = () => invalidImportFile(`The images zip is larger than ${IMPORT_LIMITS.zipBytes / MB} MB; send the images in smaller parts`);

/**
 * Reads the import form: a `csv` file (kept in memory, at most `IMPORT_LIMITS.csvBytes`), an optional `images` zip
 * (streamed to a temporary file, at most `IMPORT_LIMITS.zipBytes`) and an optional `mode` field.
 */
async function readImportForm(app: FastifyInstance, request: FastifyRequest, upload: ImportUpload): Promise<void> {
  const { RequestFileTooLargeError, InvalidMultipartContentTypeError, FilesLimitError, FieldsLimitError, PartsLimitError } = app.multipartErrors;
  let part = '';
  try {
    for await (const item of request.parts({ limits: { fileSize: IMPORT_LIMITS.zipBytes, files: 2, fields: 1, parts: 3, fieldSize: 64 } })) {
      part = item.fieldname;
      if (item.type === 'field') {
        if (item.fieldname !== 'mode') throw invalidImportFile(`Unexpected field "${item.fieldname.slice(0, 40)}"`);
        const mode = ImportModeSchema.safeParse(item.value);
        if (!mode.success) throw invalidImportFile(mode.error.issues[0]!.message);
        upload.mode = mode.data;
      } else if (item.fieldname === 'csv' && !upload.csv) {
        const chunks: Buffer[] = [];
        await pipeline(item.file, sizeGuard(IMPORT_LIMITS.csvBytes, csvTooLarge), async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) chunks.push(chunk);
        });
        upload.csv = Buffer.concat(chunks);
      } else if (item.fieldname === 'images' && !upload.zipFile) {
        upload.zipFile = path.join(os.tmpdir(), `${UPLOADED_ZIP_PREFIX}${randomUUID()}.zip`);
        await pipeline(item.file, sizeGuard(IMPORT_LIMITS.zipBytes, zipTooLarge), createWriteStream(upload.zipFile));
      } else {
        throw invalidImportFile(`Unexpected file field "${item.fieldname.slice(0, 40)}": send one "csv" file and one "images" zip`);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof RequestFileTooLargeError) throw part === 'csv' ? csvTooLarge() : zipTooLarge();
    if (err instanceof InvalidMultipartContentTypeError) throw notMultipart();
    if (err instanceof FilesLimitError || err instanceof FieldsLimitError || err instanceof PartsLimitError) throw invalidImportFile('Send one "csv" file, one "images" zip and the mode, nothing more');
    // Anything else the loop meets (a cut or malformed body, a closed connection) is the body's fault.
    request.log.info({ err }, 'malformed import form');
    throw malformedForm();
  }
  if (!upload.csv) throw invalidImportFile('Choose the CSV file to import (field "csv")');
}

/**
 * Streams a running import's progress as NDJSON lines on the same response (docs/decisions/0076):
 * nothing about it lives in this process beyond the request, so any instance can serve it.
 */
function streamImport(request: FastifyRequest, reply: FastifyReply, run: (emit: (event: ImportEvent) => void) => Promise<ImportEvent>) {
  const lines = new PassThrough();
  // A browser that went away stops reading; the import itself still finishes or rolls back.
  const emit = (event: ImportEvent) => {
    if (!lines.destroyed) lines.write(`${JSON.stringify(event)}\n`);
  };
  void run(emit)
    .then(emit, (err: FastifyError) => {
      // Said as any call says it (a full disk 507 STORAGE_FULL, the database away 503 DATABASE_UNAVAILABLE, logged so):
      // both read "INTERNAL_ERROR" here, each with a stack in the log (a crash probe).
      const { body } = errorAnswer(err, request);
      emit({ type: 'failed', code: body.code, message: body.code === 'INTERNAL_ERROR' ? 'The import failed and nothing was written. Please try again.' : body.message });
    })
    .finally(() => lines.end());
  return reply
    .header('content-type', 'application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-accel-buffering', 'no')
    .send(lines);
}

const csvFile = (reply: FastifyReply, fileName: string, body: Readable | string) =>
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(body);

/** The form as the document shows it; readImportForm reads and checks it part by part. */
const ImportFormSchema = z.object({
  csv: BinarySchema.meta({ description: `The catalogue CSV (at most ${IMPORT_LIMITS.csvBytes / MB} MB)` }),
  images: BinarySchema.optional().meta({ description: `A zip of the images the CSV names (at most ${IMPORT_LIMITS.zipBytes / MB} MB)` }),
  mode: ImportModeSchema.optional(),
});

/** IMPORT_INVALID_ROWS names the rows (`issues`, path `<row>.<column>`) and counts the valid ones. */
const RowIssueSchema = z.object({ path: z.string(), row: z.number(), column: z.string(), message: z.string() });
const ImportRefusedSchema = ErrorAnswerSchema.extend({
  issues: z.array(z.union([RowIssueSchema, z.object({ path: z.string(), message: z.string() })])).optional(),
  validRows: z.number().optional(),
  totalRows: z.number().optional(),
});

const ImportEventSchema = z.union([
  z.object({ type: z.literal('progress'), phase: z.enum(['images', 'rows']), done: z.number(), total: z.number() }),
  z.object({
    type: z.literal('done'),
    created: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    skippedRows: z.number(),
    skipped: z.array(RowIssueSchema),
  }),
  z.object({ type: z.literal('failed'), code: z.string(), message: z.string() }),
]);

const tags = ['Seller catalogue'];
const csvAnswer = (description: string) => ({ response: { 200: written('text/csv', z.string(), description) } });

/** The bulk catalogue calls (issue 16); all seller only (401 visitors, 403 shoppers). */
export async function catalogueImportRoutes(app: FastifyInstance) {
  // The zips of imports whose process was killed mid-import (removed when an import ends, not when it is killed).
  void removeStaleFiles(os.tmpdir(), UPLOADED_ZIP, LEFTOVER_AGE_MS);
  // Scoped to this plugin, with the import's own limits (the add-product form keeps its own).
  await app.register(fastifyMultipart);

  // The progress lines must reach the browser as they are written: no compression buffering them.
  const importSchema = routeSchema(
    {
      tags,
      summary: 'Import a catalogue CSV (and its images): progress as NDJSON lines, then `done` or `failed`',
      errors: [...SELLER_WRITE, ...WRITE_CALL, 'INVALID_IMPORT_FILE', 'IMPORT_INVALID_ROWS', 'INVALID_IMAGE'],
    },
    {
      ...multipartForm(ImportFormSchema),
      response: { 200: written('application/x-ndjson', ImportEventSchema, 'One event a line'), 400: ImportRefusedSchema },
    },
  );
  app.post('/product/import', { onRequest: app.requireSellerWrite, bodyLimit: IMPORT_FORM_BYTES, compress: false, schema: importSchema }, async (request, reply) => {
    const upload: ImportUpload = { mode: 'all' };
    let zip: ImageZip | undefined;
    const cleanUp = async () => {
      zip?.close();
      if (upload.zipFile) await fs.rm(upload.zipFile, { force: true });
    };
    try {
      await readImportForm(app, request, upload);
      zip = upload.zipFile ? await openImageZip(upload.zipFile) : undefined;
      const plan = await app.catalogueImport.check(request.sellerId, upload.csv!, zip);
      if (plan.issues.length > 0 && (upload.mode === 'all' || plan.rows.length === 0)) {
        const failedRows = new Set(plan.issues.map((i) => i.row)).size;
        // More problems than are sent: said, so the table is not read as all of them (a probe).
        const listed = plan.issues.length > MAX_IMPORT_ISSUES_SENT ? `. The first ${MAX_IMPORT_ISSUES_SENT.toLocaleString('en-IN')} of the ${plan.issues.length.toLocaleString('en-IN')} problems are listed` : '';
        const message =
          (plan.rows.length === 0
            ? `None of the ${plan.totalRows} rows can be imported: nothing was written`
            : `${failedRows} of ${plan.totalRows} rows ${failedRows === 1 ? 'has' : 'have'} problems: nothing was written. Fix them, or import the ${plan.rows.length} valid row${plan.rows.length === 1 ? '' : 's'} only`) + listed;
        await cleanUp();
        return reply.status(400).send({ success: false, code: 'IMPORT_INVALID_ROWS', message, issues: plan.issues.slice(0, MAX_IMPORT_ISSUES_SENT), validRows: plan.rows.length, totalRows: plan.totalRows });
      }
      const running = zip;
      return streamImport(request, reply, (emit) => app.catalogueImport.run(plan, running, emit).finally(cleanUp));
    } catch (err) {
      await cleanUp();
      throw err;
    }
  });

  const exportSchema = routeSchema({ tags, summary: 'The shop\'s own catalogue as CSV, in the import\'s columns', errors: SELLER_CALL }, csvAnswer('The catalogue'));
  app.get('/product/export', { onRequest: app.requireSeller, schema: exportSchema }, async (request, reply) => {
    const today = calendarDay(new Date(), app.config.storeTimeZone);
    return csvFile(reply, `greencart-catalogue-${today}.csv`, csvBody(app.catalogueImport.exportCsv(request.sellerId)));
  });

  const sampleSchema = routeSchema({ tags, summary: 'A sample import CSV', errors: SELLER_CALL }, csvAnswer('A few example rows'));
  app.get('/product/import/sample', { onRequest: app.requireSeller, schema: sampleSchema }, async (request, reply) =>
    csvFile(reply, 'greencart-sample.csv', await app.catalogueImport.sampleCsv(request.sellerId)),
  );
}
