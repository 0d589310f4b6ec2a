import { defineResource } from '@domain/resource/define-resource';
import { f, optionsOf } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** Guides, videos and articles of the app's knowledge hub. */
export const knowledgeHubResource = defineResource({
  name: 'knowledge-hub-links',
  title: 'Knowledge hub link',
  plural: 'Knowledge hub',
  service: '/config',
  path: 'knowledge-hub-links',
  table: 'knowledge_hub_links',
  labelField: 'title',
  fields: {
    title: f.text('Title', { required: true, max: 200 }),
    category: f.choice('Category', optionsOf(['GUIDE', 'VIDEO', 'BLOG', 'FAQ', 'CASE_STUDY', 'POLICY']), { required: true, display: 'badge' }),
    url: f.url('Link', { required: true }),
    thumbnail: f.image('Thumbnail'),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'thumbnail' }, { field: 'title' }, { field: 'category' }, { field: 'url' }, { field: 'isActive' }, { field: 'createdAt' }],
    filters: [{ field: 'category', kind: 'select' }, { field: 'isActive', kind: 'boolean' }],
    sortable: ['title'],
  },
  search: { exact: ['id'], text: ['title'] },
  form: [{ title: 'Link', fields: ['title', 'category', 'url', 'thumbnail'] }],
  permissions: { view: 'ROLE_VIEW_KNOWLEDGE_HUB', create: 'ROLE_UPDATE_KNOWLEDGE_HUB', update: 'ROLE_UPDATE_KNOWLEDGE_HUB', activate: 'ROLE_UPDATE_KNOWLEDGE_HUB' },
  activeField: 'isActive',
  views: [{ path: `${GD}/knowledge-hub`, title: 'Knowledge Hub' }],
  createPath: `${GD}/knowledge-hub/add`,
});
