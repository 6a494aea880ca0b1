import { AppError } from '../../lib/app-error.js';

/** The upload itself is refused (not a CSV, too big, bad zip): nothing was checked row by row. */
export const invalidImportFile = (message: string) => new AppError('INVALID_IMPORT_FILE', message);
export const notMultipart = () => new AppError('INVALID_IMPORT_FILE', 'Send the import as multipart/form-data: a "csv" file and an optional "images" zip');
export const malformedForm = () => new AppError('INVALID_IMPORT_FILE', 'The form data is malformed or incomplete: send the files again');
