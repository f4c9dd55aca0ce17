import { createRequire as __okstraCreateRequire } from 'node:module';
const require = __okstraCreateRequire(import.meta.url);
async function m(e,t,s,n,o){let i=(await e.paginate(e.rest.issues.listComments,{...t,issue_number:s,per_page:100})).find(a=>typeof a.body=="string"&&o(a.body));return i?(await e.rest.issues.updateComment({...t,comment_id:i.id,body:n}),{id:i.id,action:"updated"}):{id:(await e.rest.issues.createComment({...t,issue_number:s,body:n})).data.id,action:"created"}}export{m as a};
