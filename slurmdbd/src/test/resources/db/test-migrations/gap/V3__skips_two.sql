UPDATE widget SET name = name;
