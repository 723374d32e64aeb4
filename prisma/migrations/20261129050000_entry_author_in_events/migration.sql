-- An entry's event carries its author's name beside the author's id (user_id), as the API's
-- entries answer `author: {id, name}` (lib/worklog/responses.ts): the name as it was when the
-- change was made. Otherwise as 20261126053000_webhook_triggers_prepared wrote it.
CREATE OR REPLACE FUNCTION webhook_entry_data(entry jsonb) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (entry - 'search_vector') || jsonb_build_object(
    'project', (SELECT jsonb_build_object('id', p.id, 'name', p.name, 'identifier', p.identifier) FROM projects p WHERE p.id = (entry->>'project_id')::uuid),
    'author_name', (SELECT u.name FROM users u WHERE u.id = (entry->>'user_id')::uuid),
    'commit_ids', coalesce((SELECT jsonb_agg(l.commit_id ORDER BY l.commit_id) FROM worklog_entry_commits l WHERE l.entry_id = (entry->>'id')::uuid), '[]'::jsonb)
  );
END $$;
