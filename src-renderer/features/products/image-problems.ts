// The words for each reason main gives for not showing a product's picture.
import type { CallValue } from '../../../src-shared/ipc/index.js';
import type { ProductsKey } from './products-strings.js';

type ImageProblem = Extract<NonNullable<CallValue<'catalogue.productImage'>>, { dataUrl: null }>['problem'];

export const IMAGE_PROBLEM_TEXT: Record<ImageProblem, ProductsKey> = {
  unreachable: 'imageUnreachable',
  'not-found': 'imageNotFound',
  'too-large': 'imageTooLarge',
  'not-an-image': 'imageNotAnImage',
  failed: 'imageFailed',
};
