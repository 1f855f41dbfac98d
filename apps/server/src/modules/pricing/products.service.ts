import type { ProductBody, ProductResponse } from '@sagano/domain/pricing/product-schemas';
import { notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { findProduct, insertProduct, updateProduct } from './products.repository.ts';

async function existing(work: Work, id: number): Promise<ProductResponse> {
  const product = await findProduct(work.tx, id);
  if (!product) throw notFound('product');
  return product;
}

/** Products: what a booking is sold as. */
export function createProductsService() {
  return {
    /** Adds a product (what a booking is sold as). */
    async createProduct(work: Work, input: ProductBody): Promise<ProductResponse> {
      return existing(work, await insertProduct(work.tx, input));
    },

    async changeProduct(work: Work, id: number, input: ProductBody): Promise<ProductResponse> {
      await existing(work, id);
      await updateProduct(work.tx, id, input);
      return existing(work, id);
    },
  };
}
