import { startProduct } from '/work/main/scripts/product.ts';
const p = await startProduct({ backend: false, log: console.log });
console.log('up', p.shellUrl);
