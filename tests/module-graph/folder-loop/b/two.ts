import { three } from '../a/three.ts';

export const two = () => three + 1;
