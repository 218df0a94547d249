// The top bar's search (全局搜索): the keyword rule, what each caller may find, the answer's shape.
export * from './search-keyword.js';
export * from './search.js';
