import { CATALOGUE_CSV_COLUMNS, IMPORT_LIMITS, MAX_IMPORT_ISSUES_SENT, type ImportEvent, type ImportMode } from '@greencart/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSellerCanWrite } from '../../../lib/session';
import { catalogueExportUrl, catalogueSampleUrl, importCatalogue } from '../api/import-catalogue';

type Progress = Extract<ImportEvent, { type: 'progress' }>;
type Done = Extract<ImportEvent, { type: 'done' }>;
interface RowProblem {
  row: string;
  column: string;
  message: string;
}

type State =
  | { step: 'idle' }
  | { step: 'running'; progress?: Progress }
  | { step: 'refused'; message: string; rows: RowProblem[] }
  | { step: 'done'; result: Done };

const PHASE_LABEL = { images: 'Storing images', rows: 'Saving products' } as const;
const MB = 1024 * 1024;
/** An import is saved whole or not at all, and the same file sent again makes nothing twice (the rows already saved match). */
const CUT_OFF = "The import's answer was cut off: it was saved whole or not at all. Look at your products, or import the same file again: rows already saved are left as they are.";

/** `issues` paths are `<row>.<column>`, like the other validation issues. */
const rowProblems = (issues: { path: string; message: string }[]): RowProblem[] =>
  issues.map((issue) => {
    const [row = '', column = ''] = issue.path.split('.');
    return { row, column, message: issue.message };
  });

function ImportProgress({ progress }: { progress?: Progress }) {
  const label = progress ? `${PHASE_LABEL[progress.phase]}: ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}` : 'Uploading and checking every row…';
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : undefined;
  return (
    <div className="flex flex-col gap-1.5" aria-live="polite">
      <p className="text-sm text-gray-700">{label}</p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className={`h-full rounded-full bg-primary transition-[width] ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`} style={percent === undefined ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}

function ProblemTable({ rows, caption }: { rows: RowProblem[]; caption: string }) {
  return (
    // A box that scrolls is a stop of Tab, named, so a keyboard can scroll it (axe's scrollable-region-focusable: a probe).
    <div role="region" aria-label={caption} tabIndex={0} className="max-h-96 overflow-auto rounded border border-gray-300">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-gray-100 text-gray-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Column
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-gray-200">
              <td className="px-3 py-1.5 tabular-nums">{r.row}</td>
              <td className="px-3 py-1.5 font-mono text-xs">{r.column}</td>
              <td className="px-3 py-1.5 wrap-anywhere">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const fileInput = 'block w-full text-sm file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-primary/10 file:px-4 file:py-2.5 file:text-primary-ink';

/**
 * The seller's bulk catalogue (issue 16): import a CSV with an optional zip of images, every row
 * checked first (problems listed by row and column, nothing written), with the choice to import only
 * the valid rows; progress while images are stored and rows saved; the sample and the export.
 */
export function ImportCatalogue() {
  const [csv, setCsv] = useState<File>();
  const [zip, setZip] = useState<File>();
  const [state, setState] = useState<State>({ step: 'idle' });
  const canWrite = useSellerCanWrite();

  const run = async (mode: ImportMode) => {
    if (!csv) return;
    setState({ step: 'running' });
    let started = false;
    try {
      const last = await importCatalogue({ csv, zip, mode }, (event) => {
        started = true;
        if (event.type === 'progress') setState({ step: 'running', progress: event });
      });
      if (last?.type === 'done') setState({ step: 'done', result: last });
      else setState({ step: 'refused', message: last?.type === 'failed' ? last.message : CUT_OFF, rows: [] });
    } catch (err) {
      // Its answer cut off once it had begun (the server stopped as it committed: a probe read "connection lost" of an import saved whole).
      const cutOff = started && err instanceof ApiError && err.code === 'NETWORK_ERROR';
      const message = cutOff ? CUT_OFF : err instanceof Error ? err.message : 'The import failed.';
      setState({ step: 'refused', message, rows: err instanceof ApiError ? rowProblems(err.issues) : [] });
    }
  };

  const running = state.step === 'running';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!running) void run('all');
  };
  const canImportValid = state.step === 'refused' && state.rows.length > 0 && !/^None of the/.test(state.message);

  return (
    <main className="flex max-w-3xl flex-col gap-6 p-4 md:p-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-medium text-gray-800">Import and export products</h1>
        <p className="text-sm text-gray-600">
          One product a row, with the columns <span className="font-mono text-xs">{CATALOGUE_CSV_COLUMNS.filter((c) => c !== 'id').join(', ')}</span>. Separate description lines
          and image file names with <span className="font-mono">|</span>. Images are the files of the zip, or images the shop already has (as the export names them). A row
          with an <span className="font-mono text-xs">id</span> (from the export) updates that product; <span className="font-mono text-xs">inStock</span> is yes
          or no (the In Stock switch), or empty to leave it. Up to {IMPORT_LIMITS.rows.toLocaleString()} rows, a CSV of{' '}
          {IMPORT_LIMITS.csvBytes / MB} MB and a zip of {IMPORT_LIMITS.zipBytes / MB} MB.
        </p>
        <div className="flex flex-wrap gap-3 text-sm">
          <a href={catalogueSampleUrl} download className="inline-flex h-10 items-center rounded border border-primary px-3 text-primary-ink hover:bg-primary/10">
            Download a sample CSV
          </a>
          <a href={catalogueExportUrl} download className="inline-flex h-10 items-center rounded border border-gray-400 px-3 text-gray-700 hover:bg-gray-100">
            Export the catalogue (CSV)
          </a>
        </div>
      </div>

      <form onSubmit={submit} className="flex flex-col gap-4 rounded border border-gray-300 p-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="import-csv" className="text-base font-medium">
            Products (CSV)
          </label>
          <input id="import-csv" type="file" accept=".csv,text/csv" className={fileInput} disabled={running} onChange={(e) => setCsv(e.target.files?.[0])} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="import-zip" className="text-base font-medium">
            Images (zip, optional)
          </label>
          <input id="import-zip" type="file" accept=".zip,application/zip" className={fileInput} disabled={running} onChange={(e) => setZip(e.target.files?.[0])} />
        </div>
        {/* Busy, not disabled, while importing: a disabled button dropped the keyboard's focus to the page (a probe). */}
        <button
          type="submit"
          disabled={!canWrite || !csv}
          aria-disabled={running || undefined}
          className="w-fit cursor-pointer rounded bg-primary-ink px-8 py-2.5 font-medium text-white hover:bg-primary-deep disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60"
        >
          {running ? 'Importing…' : 'Import'}
        </button>
        {running && <ImportProgress progress={state.progress} />}
      </form>

      {state.step === 'refused' && (
        <section className="flex flex-col gap-3" aria-labelledby="import-problems">
          <h2 id="import-problems" role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
            {state.message}
          </h2>
          {state.rows.length > 0 && <ProblemTable rows={state.rows} caption="Problems by row and column" />}
          {canImportValid && (
            <button type="button" onClick={() => void run('valid-only')} className="w-fit cursor-pointer rounded border border-primary px-5 py-2 text-primary-ink hover:bg-primary/10">
              Import valid rows only
            </button>
          )}
        </section>
      )}

      {state.step === 'done' && (
        <section className="flex flex-col gap-3" aria-labelledby="import-done">
          <h2 id="import-done" role="status" className="rounded bg-green-50 p-3 text-sm text-green-900">
            Import finished: {state.result.created} created, {state.result.updated} updated, {state.result.unchanged} unchanged
            {state.result.skippedRows > 0 ? `, rows with problems skipped (${state.result.skippedRows})` : ''}
            {/* At most MAX_IMPORT_ISSUES_SENT problems come: a full list is said to be the first of more (a probe). */}
            {state.result.skipped.length >= MAX_IMPORT_ISSUES_SENT ? `: the first ${MAX_IMPORT_ISSUES_SENT.toLocaleString('en-IN')} problems are listed` : ''}.{' '}
            <Link to={paths.sellerProducts} className="underline">
              See the product list
            </Link>
          </h2>
          {state.result.skipped.length > 0 && <ProblemTable rows={rowProblems(state.result.skipped)} caption="Skipped rows" />}
        </section>
      )}
    </main>
  );
}
