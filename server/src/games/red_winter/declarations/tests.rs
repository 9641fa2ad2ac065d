//! Red Winter's declarations: the catalogue against the rules' own vectors, the roster's
//! resolutions with scripted dice, hooks, and what each side sees.
