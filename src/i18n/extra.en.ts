import type extraZh from './extra.zh.ts';

const extraEn: typeof extraZh = {};

export default extraEn;
