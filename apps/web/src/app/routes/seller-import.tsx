import { ImportCatalogue } from '../../features/seller/components/import-catalogue';

/** /seller/import: the bulk catalogue, import and export (issue 16). */
export function Component() {
  return <ImportCatalogue />;
}
