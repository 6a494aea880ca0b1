import { BuyAgainPage } from '../../features/products/components/buy-again';

/** /buy-again (issue 28): a signed-in shopper's page, drawn in the browser. */
export function Component() {
  return (
    <>
      <title>Buy again | GreenCart</title>
      <BuyAgainPage />
    </>
  );
}
