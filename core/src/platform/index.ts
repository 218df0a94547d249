// The platform slice: users, roles, departments, posts, menus, dictionaries, configs, majors,
// sessions and the repository ports the server binds.
export * from './list-query.js';
export * from './data-scope.js';
export * from './platform-errors.js';
export * from './unique-fields.js';
export * from './user.js';
export * from './user.repository.port.js';
export * from './role.js';
export * from './role.repository.port.js';
export * from './dept.js';
export * from './dept.repository.port.js';
export * from './post.js';
export * from './post.repository.port.js';
export * from './menu.js';
export * from './menu.repository.port.js';
export * from './dict.js';
export * from './dict.repository.port.js';
export * from './config.js';
export * from './config.repository.port.js';
export * from './read-policy.js';
export * from './user-actions.js';
export * from './major.js';
export * from './major.repository.port.js';
export * from './auth-session.js';
export * from './auth-session.repository.port.js';
export * from './unit-of-work.port.js';
export * from './institute-clock.js';
