export * from './auth';
export * from './catalog';
export * from './media';
export * from './meta';
export * from './newsletter';
export * from './orders';
export * from './reviews';
export * from './scheduler';
