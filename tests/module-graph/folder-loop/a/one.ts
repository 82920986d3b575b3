// A folder that imports a folder importing it back: the module-graph check must refuse this.
import { two } from '../b/two.ts';

export const one = () => two() + 1;
