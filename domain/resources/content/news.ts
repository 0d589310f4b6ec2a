import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { GD } from '../catalogue/shared';

/** Press coverage shown as "Featured in" on the public site. */
export const newsResource = defineResource({
  name: 'news',
  title: 'News article',
  plural: 'News',
  service: '/config',
  path: 'featured-in',
  table: 'featured_in',
  labelField: 'title',
  fields: {
    title: f.text('Title', { required: true, max: 200 }),
    publication: f.text('Publication', { required: true, max: 120 }),
    url: f.url('Article link', { required: true }),
    image: f.image('Image'),
    publishedOn: f.date('Published on', { required: true }),
    isActive: f.boolean('Active', { defaultValue: true }),
  },
  list: {
    columns: [{ field: 'image' }, { field: 'title' }, { field: 'publication' }, { field: 'publishedOn' }, { field: 'url', hidden: true }, { field: 'isActive' }],
    filters: [{ field: 'publication', kind: 'text' }, { field: 'publishedOn', kind: 'dateRange' }, { field: 'isActive', kind: 'boolean' }],
    defaultSort: { field: 'publishedOn', dir: 'desc' },
    sortable: ['title', 'createdAt'],
  },
  search: { exact: ['id'], text: ['title'] },
  form: [{ title: 'Article', fields: ['title', 'publication', 'url', 'publishedOn', 'image'] }],
  permissions: { view: 'ROLE_VIEW_FEATURED_IN', create: 'ROLE_UPDATE_FEATURED_IN', update: 'ROLE_UPDATE_FEATURED_IN', activate: 'ROLE_UPDATE_FEATURED_IN' },
  activeField: 'isActive',
  views: [{ path: `${GD}/news`, title: 'All News' }],
  createPath: `${GD}/news/add`,
});
