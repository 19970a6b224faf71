import { endpoint } from './endpoint';

const tags = ['users'];
const schemas = () => import('../users');

export const upsertUser = endpoint({
  method: 'PUT',
  path: '/api/users/:email',
  refusals: { 403: "another account's (admins may use any)" },
  access: 'user',
  summary: 'Upsert the user record after sign-in, or save the profile form',
  tags,
  schemas: async () => {
    const [s, p] = await Promise.all([schemas(), import('../profile')]);
    return { params: s.emailParam, body: p.userUpsertRequest, response: s.userUpsertResponse };
  },
});

export const uploadProfilePicture = endpoint({
  method: 'PUT',
  path: '/api/users/:email/picture',
  refusals: {
    403: "another account's (admins may use any)",
    415: 'the picture is not JPEG, PNG, WebP or AVIF',
  },
  access: 'user',
  perMinute: 30,
  consumes: 'multipart/form-data',
  summary: 'Upload the profile picture (multipart field "image"; JPEG, PNG, WebP or AVIF up to 5 MB)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.emailParam, response: s.pictureResponse };
  },
});

export const getUser = endpoint({
  method: 'GET',
  path: '/api/users/:email',
  refusals: { 403: "another account's (admins may use any)" },
  access: 'user',
  summary: 'A user record (one’s own, or any for an admin)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.emailParam, response: s.userRecord };
  },
});

export const checkAdmin = endpoint({
  method: 'GET',
  path: '/api/admin/:email',
  refusals: { 403: "another account's (admins may ask about any)" },
  access: 'user',
  summary: 'Whether an account is an administrator',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.emailParam, response: s.adminCheck };
  },
});

export const listUsers = endpoint({
  method: 'GET',
  path: '/api/users',
  access: 'admin',
  summary: 'Users, newest first (admin; one page; search by e-mail or name, filter by role)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { query: s.usersQuery, response: s.userList };
  },
});

export const promoteUser = endpoint({
  method: 'PUT',
  path: '/api/users/admin/:email',
  access: 'admin',
  summary: 'Promote a user to admin (admin)',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.emailParam, response: s.modifiedResponse };
  },
});

export const demoteUser = endpoint({
  method: 'DELETE',
  path: '/api/users/admin/:email',
  refusals: { 409: 'the last administrator keeps the role' },
  access: 'admin',
  summary:
    'Take the admin role away (admin; one’s own too): 409 for the last administrator; the account’s sessions lose the role at once',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.emailParam, response: s.modifiedResponse };
  },
});

export const approveBuyer = endpoint({
  method: 'PUT',
  path: '/api/users/:email/approval',
  access: 'admin',
  summary:
    'Approve a trade buyer, or withdraw the approval (admin): an approved buyer may hold unpaid orders past the value cap and past half of a tool’s stock',
  tags,
  schemas: async () => {
    const s = await schemas();
    return { params: s.emailParam, body: s.approvalRequest, response: s.modifiedResponse };
  },
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/api/users/:email',
  refusals: { 409: 'an administrator cannot delete their own account, nor the last administrator' },
  access: 'admin',
  summary: 'Delete a user (admin)',
  tags,
  schemas: async () => {
    const [s, c] = await Promise.all([schemas(), import('../common')]);
    return { params: s.emailParam, response: c.deletedResponse };
  },
});
